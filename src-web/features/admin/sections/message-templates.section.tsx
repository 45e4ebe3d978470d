/** /admin/message-templates (issue #18 builds the section on this preview). */
export { MessageTemplates as default } from '../MessageTemplates';
