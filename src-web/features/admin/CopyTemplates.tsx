import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CopyForm, CopyPreview, CopyVersions, TemplatePicker } from './CopyTemplateParts';

/** Waits until typing pauses before previewing a draft (one request per pause, not per key). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
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
    const result = await save
      .mutateAsync({ id: template.id, fields, reason: reason.trim() || undefined })
      .catch(() => null);
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
      <TemplatePicker
        templates={list.data ?? []}
        value={template.id}
        onChange={(id) => {
          setSelected(id);
          setSaved(null);
        }}
      />
      <p className="muted">
        {template.description} Sending: {active ? `version ${active.version}` : 'the code default'}.
      </p>
      <div className="admin-copy__grid">
        <CopyForm
          template={template}
          fields={fields}
          problems={problems}
          reason={reason}
          onReason={setReason}
          onEdit={edit}
          onSubmit={submit}
          onDiscard={() => setDrafts(({ [template.id]: _, ...rest }) => rest)}
          dirty={Boolean(drafts[template.id])}
          saving={save.isPending}
          saveError={save.isError ? errorMessage(save.error, 'The copy could not be saved.') : null}
          saved={saved}
        />
        <CopyPreview template={template} preview={preview} />
      </div>
      <CopyVersions template={template} onUse={use} />
    </section>
  );
}
