import type { FormErrors, RegisterValues } from '@cofounder/shared';
import { NewPasswordFields } from '../../features/auth/ui/NewPasswordFields.tsx';
import { TextField } from '../../features/auth/ui/TextField.tsx';

interface RegisterFieldsProps {
  values: RegisterValues;
  errors: FormErrors<keyof RegisterValues>;
  onChange: (field: keyof RegisterValues, value: string) => void;
}

/** The five registration inputs with the strength meter and the match hint. */
export function RegisterFields({ values, errors, onChange }: RegisterFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => onChange('firstName', e.target.value)}
        />
        <TextField
          id="register-last-name"
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => onChange('lastName', e.target.value)}
        />
      </div>
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => onChange('email', e.target.value)}
      />
      <NewPasswordFields
        idPrefix="register"
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        values={values}
        errors={errors}
        onChange={onChange}
      />
    </>
  );
}
