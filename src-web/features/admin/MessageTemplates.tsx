import { useState } from 'react';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { trpc } from '../../lib/trpc';

/**
 * Admin → Message templates: the registered email templates, their variables, and each rendered
 * with its sample of real filings by the same renderer delivery uses (HTML in a sandboxed frame,
 * the plain-text part beside it). The editable copy is in CopyTemplates.tsx.
 */
export function MessageTemplates() {
  const list = trpc.admin.emailTemplates.useQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const id = selected ?? list.data?.[0]?.id ?? null;
  const preview = trpc.admin.previewEmailTemplate.useQuery({ id: id ?? '' }, { enabled: Boolean(id) });
  if (list.isLoading) return <Loading />;
  if (list.isError) return <ErrorBox>{list.error.message}</ErrorBox>;
  const template = list.data?.find((t) => t.id === id);
  return (
    <div className="admin-templates">
      <label className="select-field">
        <span>Template</span>
        <select className="input" value={id ?? ''} onChange={(event) => setSelected(event.target.value)}>
          {list.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      {template ? <p className="muted">{template.description}</p> : null}
      {preview.data ? (
        <>
          <p>
            <strong>Subject:</strong> {preview.data.subject}
          </p>
          <iframe title="Email preview" className="admin-templates__frame" sandbox="" srcDoc={preview.data.html} />
          <details>
            <summary>Plain-text part</summary>
            <pre className="admin-templates__text">{preview.data.text}</pre>
          </details>
        </>
      ) : preview.isError ? (
        <ErrorBox>{preview.error.message}</ErrorBox>
      ) : (
        <Loading />
      )}
      {template ? (
        <table className="admin-templates__vars">
          <caption>Variables</caption>
          <tbody>
            {template.variables.map((v) => (
              <tr key={v.name}>
                <th scope="row">
                  <code>{v.name}</code>
                </th>
                <td>{v.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
