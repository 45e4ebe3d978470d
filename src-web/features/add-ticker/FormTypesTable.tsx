import type { FormType } from '#shared/forms';
import { formStatus, toggleForm, type FormRow } from './form-rows';
import { Icon } from '../../components/Icon';

/** Checkbox, form type, description, status (PRO lock / Active / dash). Locked rows are not tab stops. */
export function FormTypesTable({
  rows,
  selected,
  onChange,
  captionId,
}: {
  rows: FormRow[];
  selected: FormType[];
  onChange: (forms: FormType[]) => void;
  captionId?: string;
}) {
  return (
    <table className="form-types" aria-labelledby={captionId}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Follow</span>
          </th>
          <th scope="col">Form</th>
          <th scope="col">Description</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const status = formStatus(row, selected);
          const inputId = `form-type-${row.form.replace(/\W+/g, '-')}`;
          return (
            <tr key={row.form} className={row.locked ? 'form-types__row--locked' : undefined}>
              <td>
                <input
                  id={inputId}
                  type="checkbox"
                  checked={!row.locked && selected.includes(row.form)}
                  disabled={row.locked}
                  aria-describedby={row.locked ? `${inputId}-lock` : undefined}
                  onChange={() => onChange(toggleForm(selected, row))}
                />
              </td>
              <td>
                <label htmlFor={inputId} className="form-types__form">
                  {row.form}
                </label>
              </td>
              <td className="form-types__desc">{row.description}</td>
              <td>
                {status === 'locked' ? (
                  // A status, not a link: the form's one upgrade banner is the way to PRO (issue 28: no
                  // row of upsell links between the ticker field and the Add button).
                  <span className="lock-badge" id={`${inputId}-lock`}>
                    <Icon name="lock" /> PRO<span className="visually-hidden"> only</span>
                  </span>
                ) : status === 'active' ? (
                  <span className="status-active">Active</span>
                ) : (
                  <span className="status-off">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">Not followed</span>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
