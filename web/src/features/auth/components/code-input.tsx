import { Group, TextInput } from '@mantine/core';
import { VERIFICATION_CODE_LENGTH } from '@portal/contract';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useT } from '../../../i18n/use-t';

/** The code is digits only (contract verifyEmailBody); anything else pasted or typed is dropped. */
const digitsOf = (text: string) => text.replace(/\D/g, '');

export const emptyCode = () => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');
export const isComplete = (digits: string[]) => digits.every((d) => d !== '');

interface CodeInputProps {
  value: string[];
  onChange(next: string[]): void;
  /** Called once per change that leaves every box filled (spec §2: auto-submit). */
  onComplete(code: string): void;
  disabled?: boolean;
  error?: boolean;
}

/**
 * Six single-character boxes (spec §2 Verify e-mail): typing moves forward, Backspace on an
 * empty box moves back, a paste of several characters fills the boxes from its first six
 * and focuses the next empty box.
 */
export function CodeInput({ value, onChange, onComplete, disabled, error }: CodeInputProps) {
  const { t } = useT();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(VERIFICATION_CODE_LENGTH - 1, index))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[]) => {
    onChange(next);
    if (isComplete(next)) onComplete(next.join(''));
  };

  /** spec §2: the boxes take the first six characters; focus goes to the next empty box. */
  const fill = (text: string) => {
    const chars = digitsOf(text).slice(0, VERIFICATION_CODE_LENGTH).split('');
    const next = value.map((d, i) => chars[i] ?? d);
    const firstEmpty = next.findIndex((d) => d === '');
    focus(firstEmpty === -1 ? VERIFICATION_CODE_LENGTH - 1 : firstEmpty);
    commit(next);
  };

  const handleChange = (index: number, raw: string) => {
    const chars = digitsOf(raw);
    if (chars.length > 2 || (chars.length === 2 && raw.length > 2)) {
      // Several characters at once (autofill of a one-time code): treat it like a paste.
      fill(chars);
      return;
    }
    // Typing into a filled box gives two characters: keep the one just typed.
    const typed = chars.length === 2 ? (chars[0] === value[index] ? chars[1]! : chars[0]!) : chars;
    if (raw !== '' && typed === '') return; // a non-digit: ignore it
    const next = value.map((d, i) => (i === index ? typed : d));
    if (typed !== '' && index < VERIFICATION_CODE_LENGTH - 1) focus(index + 1);
    commit(next);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (digitsOf(text).length <= 1) return; // one character: an ordinary change
    event.preventDefault();
    fill(text);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < VERIFICATION_CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  return (
    <Group gap="xs" justify="center" wrap="nowrap" role="group" aria-label={t('auth.code.group')}>
      {value.map((digit, index) => (
        <TextInput
          // The boxes are a fixed row of six; the index is their identity.
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          value={digit}
          onChange={(e) => handleChange(index, e.currentTarget.value)}
          onPaste={handlePaste}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onFocus={(e) => e.currentTarget.select()}
          aria-label={t('auth.code.digit', { index: index + 1, length: VERIFICATION_CODE_LENGTH })}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={index === 0}
          disabled={disabled}
          error={error}
          size="lg"
          w={48}
          styles={{ input: { textAlign: 'center', fontWeight: 700, paddingInline: 0 } }}
        />
      ))}
    </Group>
  );
}
