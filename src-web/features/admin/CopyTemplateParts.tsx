import { type FormEvent, useId } from 'react';
import { smsLength } from '#shared/sms-segments';
import { Loading } from '../../components/Loading';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import type { RouterOutputs } from '../../lib/router-types';
import { ConfirmWithReason } from './components/ConfirmWithReason';

type CopyTemplate = RouterOutputs['admin']['messageTemplates']['list'][number];
type Preview = RouterOutputs['admin']['messageTemplates']['preview'];
type Problem = Preview['problems'][number];

const PREVIEW_HEADINGS: Partial<Record<string, string>> = {
  'burst-email': 'Preview with three real Tesla filings',
  'digest-email': 'Preview with the newest stored filings',
  'brief-email': 'Preview with the newest stored filings',
};

export function TemplatePicker({
  templates,
  value,
  onChange,
}: {
  templates: CopyTemplate[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <label className="select-field">
      <span>Editable template</span>
      <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The template's fields as inputs, the problems the server found in the draft, save and discard. */
export function CopyForm({
  template,
  fields,
  problems,
  reason,
  onReason,
  onEdit,
  onSubmit,
  onDiscard,
  dirty,
  saving,
  saveError,
  saved,
}: {
  template: CopyTemplate;
  fields: Record<string, string>;
  problems: Problem[];
  reason: string;
  onReason: (reason: string) => void;
  onEdit: (name: string, value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onDiscard: () => void;
  dirty: boolean;
  saving: boolean;
  saveError: string | null;
  saved: string | null;
}) {
  const uid = useId();
  return (
    <form className="admin-copy__form" onSubmit={onSubmit}>
      {template.fields.map((f) => (
        <label key={f.name} className="admin-copy__field" htmlFor={`${uid}-${f.name}`}>
          <span>{f.label}</span>
          {f.singleLine ? (
            <input
              id={`${uid}-${f.name}`}
              className="input admin-copy__mono"
              maxLength={f.maxLength}
              value={fields[f.name] ?? ''}
              onChange={(event) => onEdit(f.name, event.target.value)}
            />
          ) : (
            <textarea
              id={`${uid}-${f.name}`}
              className="input admin-copy__mono"
              rows={3}
              maxLength={f.maxLength}
              value={fields[f.name] ?? ''}
              onChange={(event) => onEdit(f.name, event.target.value)}
            />
          )}
        </label>
      ))}
      {problems.length ? (
        <ul className="admin-copy__problems" aria-label="Problems">
          {problems.map((p) => (
            <li key={`${p.field}:${p.reason}:${p.message}`}>{p.message}</li>
          ))}
        </ul>
      ) : null}
      <label className="admin-copy__field">
        <span>Reason (optional, kept in the audit log)</span>
        <input className="input" value={reason} maxLength={500} onChange={(event) => onReason(event.target.value)} />
      </label>
      <div className="admin-copy__actions">
        <button type="submit" className="btn btn-primary" disabled={saving || problems.length > 0}>
          Save as new version
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDiscard} disabled={!dirty}>
          Discard changes
        </button>
      </div>
      {saveError ? <ErrorBox>{saveError}</ErrorBox> : null}
      {saved ? <SuccessBox>{saved}</SuccessBox> : null}
    </form>
  );
}

/** "142 of 160 characters (GSM-7), 1 segment": the count the carrier bills. */
function SegmentCounter({ text }: { text: string }) {
  const length = smsLength(text);
  const over = length.segments > 1;
  return (
    <p
      className={over ? 'admin-copy__count admin-copy__count--over' : 'admin-copy__count'}
      aria-live="polite"
      data-testid="segment-counter"
    >
      {length.units} of {length.singleLimit} characters ({length.encoding}), {length.segments}{' '}
      {length.segments === 1 ? 'segment' : 'segments'}
      {over ? ` (split at ${length.perSegment} per segment)` : ''}
    </p>
  );
}

function PreviewBody({
  preview,
}: {
  preview: { data?: Preview; isError: boolean; error: { message: string } | null };
}) {
  if (preview.data?.channel === 'sms') {
    return (
      <>
        <p className="admin-copy__sms" data-testid="sms-preview">
          {preview.data.text}
        </p>
        <SegmentCounter text={preview.data.text} />
      </>
    );
  }
  if (preview.data?.channel === 'email') {
    return (
      <>
        <p>
          <strong>Subject:</strong> <span data-testid="subject-preview">{preview.data.subject}</span>
        </p>
        <iframe title="Edited email preview" className="admin-copy__frame" sandbox="" srcDoc={preview.data.html} />
      </>
    );
  }
  if (preview.isError) return <ErrorBox>{preview.error?.message}</ErrorBox>;
  return <Loading />;
}

/** The draft rendered as the send path renders it, with the variables it may use. */
export function CopyPreview({
  template,
  preview,
}: {
  template: CopyTemplate;
  preview: { data?: Preview; isError: boolean; error: { message: string } | null };
}) {
  return (
    <div className="admin-copy__preview">
      <h3>{PREVIEW_HEADINGS[template.id] ?? 'Preview with a real filing'}</h3>
      <PreviewBody preview={preview} />
      <table className="admin-templates__vars">
        <caption>Variables</caption>
        <tbody>
          {template.variables.map((v) => (
            <tr key={v.name}>
              <th scope="row">
                <code>{`{{${v.name}}}`}</code>
              </th>
              <td>{v.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every saved version and the code default; any but the one sending can be sent again. */
export function CopyVersions({
  template,
  onUse,
}: {
  template: CopyTemplate;
  onUse: (versionId: number | null, why: string) => Promise<void>;
}) {
  return (
    <table className="admin-table admin-copy__versions">
      <caption>Versions</caption>
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Saved</th>
          <th scope="col">By</th>
          <th scope="col">Reason</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {template.versions.map((v) => (
          <tr key={v.id}>
            <td>
              {v.version}
              {v.id === template.activeVersionId ? <strong> (sending)</strong> : null}
            </td>
            <td>{new Date(v.createdAt).toLocaleString()}</td>
            <td>{v.createdByEmail ?? 'a deleted admin'}</td>
            <td>{v.reason ?? ''}</td>
            <td>
              {v.id === template.activeVersionId ? null : (
                <ConfirmWithReason
                  label={`Send version ${v.version} again`}
                  title={`Send version ${v.version} again?`}
                  description={`The next ${template.noun} uses this version's copy.`}
                  confirmLabel="Send this version"
                  reasonRequired={false}
                  buttonClassName="btn btn-secondary btn-sm"
                  onConfirm={(why) => onUse(v.id, why)}
                />
              )}
            </td>
          </tr>
        ))}
        <tr>
          <td>Code default{template.activeVersionId == null ? <strong> (sending)</strong> : null}</td>
          <td colSpan={3} className="muted">
            {template.fields.map((f) => template.defaults[f.name]).join(' / ')}
          </td>
          <td>
            {template.activeVersionId == null ? null : (
              <ConfirmWithReason
                label="Revert to the code default"
                title="Revert to the code default?"
                description={`The next ${template.noun} uses the copy written in the code; the saved versions stay listed.`}
                confirmLabel="Revert"
                reasonRequired={false}
                buttonClassName="btn btn-secondary btn-sm"
                onConfirm={(why) => onUse(null, why)}
              />
            )}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
