import { z } from 'zod';
import { text } from '#shared/input';
import { adminProcedure, router } from '../../transport/trpc/init';
import { adminMutation } from './admin-procedure';
import {
  listMessageTemplates,
  previewMessageTemplate,
  revertMessageTemplate,
  saveMessageTemplate,
} from './message-templates.service';

const templateId = z.string().max(40);
/** Field name -> copy; each template checks its own names, variables and lengths (a clear 400). */
const fields = z
  .record(z.string().max(40), text().max(1000))
  .refine((f) => Object.keys(f).length <= 10, { message: 'Too many fields.' });

/** /admin/message-templates: edit the copy of alert emails and texts, with versions and revert. */
export const messageTemplatesRouter = router({
  /** The editable templates: fields, variables, code defaults, the active version and recent versions. */
  list: adminProcedure.query(({ ctx }) => listMessageTemplates(ctx.deps.db)),
  /** A template rendered for a real filing, with draft `fields` or the active copy; lists problems. */
  preview: adminProcedure
    .input(z.object({ id: templateId, fields: fields.nullish() }).strict())
    .query(({ ctx, input }) => previewMessageTemplate(ctx.deps.db, input)),
  /** Stores the copy as a new version and sends it from the next delivery on; audited. */
  save: adminMutation({
    action: 'messageTemplates.save',
    input: { id: templateId, fields },
    run: async (input, { tx, admin, reason }) => {
      const change = await saveMessageTemplate(tx, { ...input, adminUserId: admin.user.id, reason });
      return {
        target: { type: 'message_template', id: input.id },
        before: { versionId: change.before },
        after: { versionId: change.after.id, version: change.after.version, fields: input.fields },
        result: { id: input.id, versionId: change.after.id, version: change.after.version },
      };
    },
  }),
  /** Sends an earlier version again, or the code default with `versionId: null`; audited. */
  revert: adminMutation({
    action: 'messageTemplates.revert',
    input: { id: templateId, versionId: z.number().int().positive().nullable() },
    run: async (input, { tx }) => {
      const change = await revertMessageTemplate(tx, input);
      return {
        target: { type: 'message_template', id: input.id },
        before: { versionId: change.before },
        after: { versionId: change.after },
        result: { id: input.id, versionId: change.after },
      };
    },
  }),
});
