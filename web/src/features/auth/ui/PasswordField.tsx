import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField, type TextFieldProps } from './TextField.tsx';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Accessible name of the toggle: "password" gives "Show password" / "Hide password". */
  toggleSubject?: string;
}

/** A password input with its own show/hide toggle. */
export function PasswordField({ toggleSubject = 'password', ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...field}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleSubject}`}
          aria-pressed={visible}
          className="rounded-md p-1.5 text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-slate-100"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}
