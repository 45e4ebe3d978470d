import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import type { Answer, AssistantEvent } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';

export interface Turn {
  id: number;
  question: string;
  status: string | null;
  streamed: string;
  answer: Answer | null;
  error: string | null;
}

/**
 * One conversation with the assistant: each question becomes a turn that fills in from the
 * `assistant.ask` subscription (status lines, checked text, then the answer); one question at a time.
 */
export function useAssistantConversation() {
  const utils = trpc.useUtils();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(1);
  // The conversation is kept 30 days: after a reload the panel shows it again and continues it.
  const earlier = trpc.assistant.latestConversation.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const restored = useRef(false);
  useEffect(() => {
    const saved = earlier.data;
    if (restored.current || !saved) return;
    restored.current = true;
    setConversationId((current) => current ?? saved.id);
    setTurns((current) => [
      ...saved.messages.map((m) => ({
        id: nextId.current++,
        question: m.question,
        status: null,
        streamed: '',
        answer: { ...m.answer, messageId: m.id },
        error: null,
      })),
      ...current,
    ]);
  }, [earlier.data]);

  const update = (id: number, patch: (t: Turn) => Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)));

  /** Starts a turn; false when there is nothing to ask or an answer is still coming. */
  const ask = (text: string): boolean => {
    const q = text.trim();
    if (!q || busy) return false;
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question: q, status: 'Sending…', streamed: '', answer: null, error: null }]);
    setBusy(true);
    const sub = utils.client.assistant.ask.subscribe(
      { question: q, conversationId },
      {
        onData: (event) => {
          const e = event as AssistantEvent;
          if (e.type === 'status') update(id, () => ({ status: e.status }));
          else if (e.type === 'delta') update(id, (t) => ({ streamed: t.streamed + e.text }));
          else {
            update(id, () => ({ answer: e.answer, status: null }));
            if (e.answer.conversationId) setConversationId(e.answer.conversationId);
            setBusy(false);
            sub.unsubscribe();
          }
        },
        onError: (error) => {
          update(id, () => ({
            error: errorMessage(error, 'The assistant could not answer just now. Please try again.'),
            status: null,
          }));
          setBusy(false);
        },
      },
    );
    return true;
  };

  return { turns, busy, ask };
}
