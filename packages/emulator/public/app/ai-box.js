// The AI box: a question field, its button and the answer, kept across renders (the field keeps
// what the viewer typed); each render updates its labels and the answer from the state.
import { h } from './dom.js';

/** @param {any} ai @param {any} t @param {any} fmt */
function aiText(ai, t, fmt) {
  if (ai.status === 'error') return t('aiError', { message: ai.error });
  if (ai.status !== 'answered') return '';
  const answer = ai.answer;
  if (answer.kind === 'metric') return t('aiMetric', { member: t(answer.member), value: fmt.value(answer.value, answer.format) });
  if (answer.kind === 'top') return t('aiTop', { dimension: t(answer.dimension), key: t(answer.key), value: fmt.value(answer.value, answer.format) });
  return t('aiUnknown', { suggestions: answer.suggestions.join(', ') });
}

/**
 * The AI box's elements; a submitted question goes to `ask`.
 * @param {(question: string) => void} ask
 */
export function createAiBox(ask) {
  const input = /** @type {HTMLInputElement} */ (h('input', { type: 'text', name: 'question', maxlength: 500, autocomplete: 'off', 'data-role': 'ai-input' }));
  const button = h('button', { type: 'submit', 'data-role': 'ai-submit' });
  const answer = h('p', { class: 'ai-answer', 'data-role': 'ai-answer', 'aria-live': 'polite' });
  const form = h('form', {
    class: 'ai-box',
    'data-role': 'ai-box',
    onsubmit: (/** @type {Event} */ event) => {
      event.preventDefault();
      if (input.value.trim()) ask(input.value.trim());
    },
  }, input, button, answer);
  return {
    form,
    /** Labels in the locale, the button while thinking, the answer. @param {{ state: any, t: any, fmt: any }} scope */
    update({ state, t, fmt }) {
      input.placeholder = t('askPlaceholder');
      button.textContent = state.ai.status === 'thinking' ? t('thinking') : t('ask');
      button.toggleAttribute('disabled', state.ai.status === 'thinking');
      answer.dataset.status = state.ai.status;
      answer.textContent = aiText(state.ai, t, fmt);
    },
  };
}
