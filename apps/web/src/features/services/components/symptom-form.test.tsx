import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SymptomForm } from './symptom-form.tsx';

afterEach(cleanup);

const field = () => screen.getByLabelText('Muu korjaus/huolto tai valmistajan takaisinkutsukampanja') as HTMLTextAreaElement;
const save = () => screen.getByRole('button', { name: 'Tallenna' }) as HTMLButtonElement;

describe('<SymptomForm>', () => {
  it('keeps Save disabled while the text is empty or blank, and saves the trimmed text', () => {
    const onSave = vi.fn();
    render(<SymptomForm symptom={null} onSave={onSave} onDelete={() => undefined} />);
    expect(save().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: '   ' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: ' Jarrut vinkuvat ' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith('Jarrut vinkuvat');
    expect(screen.queryByRole('button', { name: 'Poista' })).toBeNull();
    expect(screen.getByText('Otamme sinuun tarvittaessa yhteyttä.')).toBeTruthy();
  });

  it('disables the field and Save while a symptom exists, and Delete calls the handler', () => {
    const onDelete = vi.fn();
    const onSave = vi.fn();
    render(<SymptomForm symptom={{ id: 3, description: 'Jarrut vinkuvat' }} onSave={onSave} onDelete={onDelete} />);
    expect(field().value).toBe('Jarrut vinkuvat');
    expect(field().disabled).toBe(true);
    expect(save().disabled).toBe(true); // unchanged
    fireEvent.submit(field().form!);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Poista' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('empties the field when the saved symptom is deleted', () => {
    const { rerender } = render(
      <SymptomForm symptom={{ id: 3, description: 'Jarrut vinkuvat' }} onSave={() => undefined} onDelete={() => undefined} />,
    );
    rerender(<SymptomForm symptom={null} onSave={() => undefined} onDelete={() => undefined} />);
    expect(field().value).toBe('');
    expect(field().disabled).toBe(false);
    expect(save().disabled).toBe(true);
  });
});
