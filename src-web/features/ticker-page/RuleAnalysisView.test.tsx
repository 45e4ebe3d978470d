import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RuleAnalysisView } from './AnalysisBlock';

// FedEx 8-K 0001193125-23-188128 (Item 5.02), as the card shows it: the quote and the reason.
const QUOTE =
  'Item 5.02, as filed: “On July 17, 2023, the Board of Directors (the "Board") of FedEx Corporation ("FedEx" or "the Company"), appointed John W. Dietrich as Executive Vice President and Chief Financial Officer–Elect of FedEx effective July 17, 2023, and Executive Vice President and Chief Financial Officer of FedEx effective August 1, 2023.”';
const WHY = ['A new CFO is appointed'];
const shown = { oneLiner: 'FEDEX CORP: New CFO named', summary: QUOTE, reasons: WHY };

describe('the rule-based analysis under a card', () => {
  it('says nothing when the card above already shows its quote and reasons and there is nothing to watch', () => {
    const { container } = render(
      <RuleAnalysisView
        rules={{ whatHappened: QUOTE, whyThisLevel: WHY, whatToWatch: [] }}
        importance="HIGH"
        shown={shown}
      />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('gives only what the card does not: what to watch, not the quote and reasons a second time', () => {
    render(
      <RuleAnalysisView
        // The same quote with the line breaks the filing had: still the same words.
        rules={{
          whatHappened: QUOTE.replace(', appointed', ',\n  appointed'),
          whyThisLevel: WHY,
          whatToWatch: ['The 10-Q after August 1, 2023'],
        }}
        importance="HIGH"
        shown={shown}
      />,
    );
    const block = screen.getByTestId('rule-analysis');
    expect(block.textContent).toContain('What to watch');
    expect(block.textContent).not.toContain('What happened');
    expect(block.textContent).not.toContain('Why HIGH');
    expect(block.querySelectorAll('blockquote')).toHaveLength(0);
  });

  it('does not repeat the one-liner either, when the rules have no quote to give', () => {
    render(
      <RuleAnalysisView
        rules={{ whatHappened: 'FEDEX CORP: New CFO named', whyThisLevel: WHY, whatToWatch: ['The next 10-Q'] }}
        importance="HIGH"
        shown={{ ...shown, summary: null }}
      />,
    );
    expect(screen.getByTestId('rule-analysis').textContent).not.toContain('What happened');
  });

  it('quotes what happened and why when the card shows something else, and says why there is no model text', () => {
    render(
      <RuleAnalysisView
        rules={{ whatHappened: QUOTE, whyThisLevel: WHY, whatToWatch: [] }}
        degraded="llm_error"
        importance="HIGH"
        shown={{ oneLiner: 'FEDEX CORP: New CFO named', summary: null, reasons: ['A director or officer changes'] }}
      />,
    );
    const block = screen.getByTestId('rule-analysis');
    expect(block.textContent).toMatch(/could not answer just now/);
    expect(block.textContent).toContain('What happened');
    expect(block.textContent).toContain('Why HIGH');
    expect(block.querySelectorAll('blockquote')).toHaveLength(1);
  });
});
