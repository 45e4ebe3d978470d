import type { RestRoutes } from '../../transport/rest/plugin';
import { requireRestSession } from '../../transport/rest/session';
import { parseInput } from '../../transport/rest/validate';
import { assertPro } from '../auth/session.service';
import { askParams } from './assistant.router';
import { askInput } from './assistant.schemas';
import { ask } from './assistant.service';

/** POST /api/assistant {question, conversationId?} (PRO, X-Session): the answer contract, as assistant.ask ends with. */
export const assistantRest: RestRoutes = (app, deps) => {
  app.post('/assistant', async (request) => {
    const body = parseInput(askInput, request.body);
    const session = await requireRestSession(deps, request);
    assertPro(session.user);
    return ask(deps.db, askParams({ deps }, session.user.id, body));
  });
};
