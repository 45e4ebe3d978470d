/** /admin/message-templates: the editable copy (subject, opening line, alert text) and the email layouts' preview. */
import { CopyTemplates } from '../CopyTemplates';
import { MessageTemplates } from '../MessageTemplates';

export default function MessageTemplatesSection() {
  return (
    <>
      <CopyTemplates />
      <h2>Email layouts</h2>
      <MessageTemplates />
    </>
  );
}
