import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { smsLength } from '#shared/sms-segments';
import { Loading } from '../../components/Loading';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ConfirmWithReason } from './components/ConfirmWithReason';

const PREVIEW_HEADINGS: Partial<Record<string, string>> = {
  'burst-email': 'Preview with three real Tesla filings',
  'digest-email': 'Preview with the newest stored filings',
  'brief-email': 'Preview with the newest stored filings',
};

/** Waits until typing pauses before previewing a draft (one request per pause, not per key). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "142 of 160 characters (GSM-7), 1 segment": the count the carrier bills. */
function SegmentCounter({ text }: { text: string }) {
  const length = smsLength(text);
  const over = length.segments > 1;
  return (
    <p className={over ? 'admin-copy__count admin-copy__count--over' : 'admin-copy__count'} aria-live="polite" data-testid="segment-counter">
      {length.units} of {length.singleLimit} characters ({length.encoding}), {length.segments} {length.segments === 1 ? 'segment' : 'segments'}
      {over ? ` (split at ${length.perSegment} per segment)` : ''}
    </p>
  );
}

/**
 * Admin → Message templates → editable copy: the alert email's subject and opening line, the
 * alert text, and the digest's and the brief's subject and heading, with {{variables}}. The draft
 * is previewed with real filings as the send path renders it; saving stores a version (audited) that the next alert uses; any earlier version, or
 * the code default, can be sent again.
 */
export function CopyTemplates() {
  const utils = trpc.useUtils();
  const list = trpc.admin.messageTemplates.list.useQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Record<string, string>>>({});
  const [reason, setReason] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const formId = useId();
  const template = list.data?.find((t) => t.id === (selected ?? list.data?.[0]?.id)) ?? null;
  const active = template?.versions.find((v) => v.id === template.activeVersionId) ?? null;
  const fields = template ? (drafts[template.id] ?? active?.fields ?? template.defaults) : null;
  const settled = useSettled(fields);
  const preview = trpc.admin.messageTemplates.preview.useQuery(
    { id: template?.id ?? '', fields: settled },
    { enabled: Boolean(template && settled), placeholderData: keepPreviousData },
  );
  const done = async (message: string) => {
    setSaved(message);
    setReason('');
    await utils.admin.messageTemplates.invalidate();
  };
  const save = trpc.admin.messageTemplates.save.useMutation();
  const revert = trpc.admin.messageTemplates.revert.useMutation();
  if (list.isLoading) return <Loading />;
  if (list.isError) return <ErrorBox>{list.error.message}</ErrorBox>;
  if (!template || !fields) return null;

  const edit = (name: string, value: string) => {
    setSaved(null);
    setDrafts({ ...drafts, [template.id]: { ...fields, [name]: value } });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const result = await save.mutateAsync({ id: template.id, fields, reason: reason.trim() || undefined }).catch(() => null);
    if (!result) return;
    setDrafts(({ [template.id]: _, ...rest }) => rest);
    await done(`Saved as version ${result.version}: the next ${template.noun} uses it.`);
  };
  const use = async (versionId: number | null, why: string) => {
    await revert.mutateAsync({ id: template.id, versionId, reason: why.trim() || undefined });
    setDrafts(({ [template.id]: _, ...rest }) => rest);
    await done(versionId == null ? 'The code default is sent again.' : 'That version is sent again.');
  };
  const problems = preview.data?.problems ?? [];

  return (
    <section className="admin-copy" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Editable copy</h2>
      <label className="select-field">
        <span>Editable template</span>
        <select
          className="input"
          value={template.id}
          onChange={(event) => {
            setSelected(event.target.value);
            setSaved(null);
          }}
        >
          {list.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">
        {template.description} Sending: {active ? `version ${active.version}` : 'the code default'}.
      </p>
      <div className="admin-copy__grid">
        <form className="admin-copy__form" onSubmit={submit}>
          {template.fields.map((f) => (
            <label key={f.name} className="admin-copy__field">
              <span>{f.label}</span>
              {f.singleLine ? (
                <input className="input admin-copy__mono" maxLength={f.maxLength} value={fields[f.name] ?? ''} onChange={(event) => edit(f.name, event.target.value)} />
              ) : (
                <textarea className="input admin-copy__mono" rows={3} maxLength={f.maxLength} value={fields[f.name] ?? ''} onChange={(event) => edit(f.name, event.target.value)} />
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
            <input className="input" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="admin-copy__actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending || problems.length > 0}>
              Save as new version
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDrafts(({ [template.id]: _, ...rest }) => rest)} disabled={!drafts[template.id]}>
              Discard changes
            </button>
          </div>
          {save.isError ? <ErrorBox>{errorMessage(save.error, 'The copy could not be saved.')}</ErrorBox> : null}
          {saved ? <SuccessBox>{saved}</SuccessBox> : null}
        </form>
        <div className="admin-copy__preview">
          <h3>{PREVIEW_HEADINGS[template.id] ?? 'Preview with a real filing'}</h3>
          {preview.data?.channel === 'sms' ? (
            <>
              <p className="admin-copy__sms" data-testid="sms-preview">
                {preview.data.text}
              </p>
              <SegmentCounter text={preview.data.text} />
            </>
          ) : preview.data?.channel === 'email' ? (
            <>
              <p>
                <strong>Subject:</strong> <span data-testid="subject-preview">{preview.data.subject}</span>
              </p>
              <iframe title="Edited email preview" className="admin-copy__frame" sandbox="" srcDoc={preview.data.html} />
            </>
          ) : preview.isError ? (
            <ErrorBox>{preview.error.message}</ErrorBox>
          ) : (
            <Loading />
          )}
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
      </div>
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
                    onConfirm={(why) => use(v.id, why)}
                  />
                )}
              </td>
            </tr>
          ))}
          <tr>
            <td>
              Code default{template.activeVersionId == null ? <strong> (sending)</strong> : null}
            </td>
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
                  onConfirm={(why) => use(null, why)}
                />
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
