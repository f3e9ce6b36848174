import type { FormErrors, NewPasswordValues } from '@cofounder/shared';
import { PasswordField } from './PasswordField.tsx';
import { MatchHint, StrengthMeter } from './StrengthMeter.tsx';

interface NewPasswordFieldsProps {
  /** Prefix of the input ids, unique per page. */
  idPrefix: string;
  labels: { password: string; confirm: string };
  values: NewPasswordValues;
  errors: FormErrors<keyof NewPasswordValues>;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
}

/** Password + confirmation with the strength meter and match hint, as registration and reset both need. */
export function NewPasswordFields({ idPrefix, labels, values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={labels.password}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={<StrengthMeter password={values.password} />}
        onChange={(e) => onChange('password', e.target.value)}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={labels.confirm}
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
