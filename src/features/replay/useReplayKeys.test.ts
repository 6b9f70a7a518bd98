import { describe, expect, it } from 'vitest';
import { editingField } from './useReplayKeys';

const el = (tagName: string, type?: string) => ({ tagName, type, isContentEditable: false }) as unknown as EventTarget;

describe('which focused elements keep the workbench keys', () => {
  it('text and number fields, text areas and editable text keep them', () => {
    expect(editingField(el('INPUT', 'text'), 'ArrowLeft')).toBe(true);
    expect(editingField(el('INPUT', 'number'), 'ArrowRight')).toBe(true);
    expect(editingField(el('TEXTAREA'), 'n')).toBe(true);
    expect(editingField({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget, 'p')).toBe(true);
  });
  it('checkboxes, the turn slider, buttons and the page do not', () => {
    expect(editingField(el('INPUT', 'checkbox'), 'ArrowRight')).toBe(false);
    expect(editingField(el('INPUT', 'range'), 'ArrowRight')).toBe(false);
    expect(editingField(el('BUTTON'), 'n')).toBe(false);
    expect(editingField({} as EventTarget, 'ArrowRight')).toBe(false); // the window: no tag
    expect(editingField(null, 'ArrowRight')).toBe(false);
  });
  it('a select keeps ↑ ↓ and letters, not ← →', () => {
    expect(editingField(el('SELECT'), 'ArrowDown')).toBe(true);
    expect(editingField(el('SELECT'), 'n')).toBe(true);
    expect(editingField(el('SELECT'), 'ArrowLeft')).toBe(false);
    expect(editingField(el('SELECT'), 'ArrowRight')).toBe(false);
  });
});
