import { useId } from 'react';
import { CODE_LENGTH } from '../login/login-rules';

/**
 * Adding a contact to an account that already has a verified one: the server sent a code to
 * that verified contact (its message says where), and the save goes through with the code.
 */
export function ApprovalCodeField({
  message,
  value,
  onChange,
}: {
  message: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <p className="notice notice--info" id={`${id}-why`}>
        {message} It keeps anyone else from adding their own contact to your account.
      </p>
      <label htmlFor={`${id}-code`}>Approval code</label>
      <input
        id={`${id}-code`}
        className="input code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        aria-describedby={`${id}-why`}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the server asked for this code; typing it is the next and only step
        autoFocus
      />
    </div>
  );
}
