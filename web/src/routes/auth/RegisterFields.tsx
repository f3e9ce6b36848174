import type { FormErrors, RegisterValues } from '@cofounder/shared';
import { PasswordField } from '../../features/auth/ui/PasswordField.tsx';
import { MatchHint, StrengthMeter } from '../../features/auth/ui/StrengthMeter.tsx';
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
      <PasswordField
        id="register-password"
        label="Password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={<StrengthMeter password={values.password} />}
        onChange={(e) => onChange('password', e.target.value)}
      />
      <PasswordField
        id="register-confirm-password"
        label="Confirm password"
        toggleSubject="confirm password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        // The hint would repeat "Passwords do not match" next to the same validation error; show one of them.
        hint={
          errors.confirmPassword ? undefined : (
            <MatchHint password={values.password} confirm={values.confirmPassword} />
          )
        }
        onChange={(e) => onChange('confirmPassword', e.target.value)}
      />
    </>
  );
}
