import { restTable } from '../../transport/rest/plugin';
import { answerResponse, askInput } from './assistant.schemas';

/** POST /api/assistant {question, conversationId?} (PRO, X-Session): the answer contract, over assistant.answer. */
export const assistantRest = restTable([
  {
    method: 'POST',
    path: '/assistant',
    procedure: 'assistant.answer',
    tag: 'assistant',
    summary: 'PRO: a question about filings answered with cited facts (the same contract assistant.ask streams)',
    body: askInput,
    session: 'required',
    response: answerResponse,
    errors: [401, 403, 404],
  },
]);
