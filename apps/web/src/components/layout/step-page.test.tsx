import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { StepPage } from './step-page.tsx';

afterEach(cleanup);

describe('<StepPage>', () => {
  it("puts Continue at the foot of the side column too (a desktop's sticky cart), with the same handler and state", () => {
    const onContinue = vi.fn();
    const { container } = render(
      <StepPage documentTitle="Palvelut" title="Palvelut" side={<section aria-label="Ostoskori">kori</section>} nav={{ onBack: () => undefined, onContinue }}>
        <p>sisältö</p>
      </StepPage>,
    );
    const side = container.querySelector('aside.columns__side')!;
    const inSide = side.querySelector<HTMLButtonElement>('.columns__action button')!;
    expect(inSide.textContent).toBe('Jatka');
    expect(inSide.className).toContain('btn--primary');
    // After the cart, inside the sticky column.
    expect(side.querySelector('section')!.compareDocumentPosition(inSide) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(inSide);
    expect(onContinue).toHaveBeenCalledTimes(1);
    // The bar's own Continue stays for the phone; the page says which one a desktop shows.
    expect(container.querySelector('.step-nav__continue')).not.toBeNull();
    expect(container.querySelector('.page')!.className).toContain('page--side-action');
  });

  it('says beside the side column\'s disabled button why it is disabled, and submits a form by id', () => {
    const { container } = render(
      <StepPage
        documentTitle="Omat tiedot"
        title="Vahvista ajanvarauksesi"
        side={<div>kori</div>}
        nav={{ continueForm: 'f', continueLabel: 'Vahvista tilaus', continueDisabled: true, continueHint: 'Täytä vielä sähköposti.' }}
      >
        <form id="f" />
      </StepPage>,
    );
    const button = container.querySelector<HTMLButtonElement>('.columns__action button')!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('form')).toBe('f');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Täytä vielä sähköposti.');
  });

  it('has no side action without a side column or without a Continue', () => {
    const { container, rerender } = render(
      <StepPage documentTitle="Kiitos" title="Kiitos" nav={{ onContinue: () => undefined }}>
        <p />
      </StepPage>,
    );
    expect(container.querySelector('.columns__action')).toBeNull();
    rerender(
      <StepPage documentTitle="Auto" title="Auto" side={<div />} nav={{ onBack: () => undefined }}>
        <p />
      </StepPage>,
    );
    expect(container.querySelector('.columns__action')).toBeNull();
    expect(container.querySelector('.page')!.className).not.toContain('page--side-action');
  });
});
