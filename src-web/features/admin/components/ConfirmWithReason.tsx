import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal, ModalFormFooter } from '../../../components/Modal';
import { errorMessage } from '../../../lib/errors';

/**
 * A console action behind a confirmation: a button opens a dialog that says what will happen and
 * asks for the reason the audit log keeps (required when `reasonRequired`, as the server also
 * insists for destructive actions). `children` may hold extra fields (a date, a number).
 */
export function ConfirmWithReason({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  reasonRequired = true,
  danger = false,
  disabled = false,
  children,
  buttonClassName,
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  reasonRequired?: boolean;
  danger?: boolean;
  disabled?: boolean;
  children?: ReactNode;
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reasonRequired && !reason.trim()) {
      setError('Say why: the reason is kept in the audit log.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClassName ?? `btn btn-sm ${danger ? 'btn-danger' : 'btn-secondary'}`}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {label}
      </button>
      {open ? (
        <Modal title={title} onClose={close} size="sm" describedBy={descriptionId}>
          <form onSubmit={(e) => void submit(e)} className="admin-confirm">
            <div id={descriptionId}>{description}</div>
            {children}
            <label className="select-field">
              <span>Reason{reasonRequired ? ' (required)' : ' (optional)'}</span>
              <textarea
                className="input"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                data-autofocus
                aria-required={reasonRequired}
              />
            </label>
            <ModalFormFooter
              error={error}
              onCancel={close}
              pending={pending}
              label={confirmLabel}
              pendingLabel="Working..."
            />
          </form>
        </Modal>
      ) : null}
    </>
  );
}
