// Number formatting and reading for the page, without Intl: the first toLocaleString() call on the page's thread loads
// ICU's locale data, one long task (100+ ms) that would freeze the page for that moment.

import { MAX_SAMPLES } from '../dist/pokerhash.mjs';

/** 1234567 -> "1,234,567" (numbers or BigInts, whole). */
export const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 0.123456 -> "12.346%". */
export const percent = (x, digits = 3) => `${(100 * x).toFixed(digits)}%`;

/** Text echoed in a message, cut to a length a panel can show ("999…(10,000 characters)"). */
export function shortened(text, most = 40) {
    return text.length <= most ? text : `${text.slice(0, most)}…(${group(text.length)} characters)`;
}

/** A form field's whole number as digits without leading zeros ("1,000 000" -> "1000000"); null when blank. */
export function wholeNumber(text, what) {
    const raw = text.replaceAll(/[\s,_]/g, '');
    if (!raw) return null;
    if (!/^\d+$/.test(raw)) throw new Error(`${what} must be a whole number, got '${shortened(text.trim())}'`);
    return String(BigInt(raw)); // "007" is 7: the digits also go into Python code, where 007 is a syntax error
}

/**
 * A samples field as digits: 1,000,000 when blank; past the library's limit refused here, in the words of the
 * library's own check minus its advice (the page has no stderr field), since the count also goes into the
 * Python code the panels show and run, not only to the JS library that checks it.
 */
export function sampleCount(text) {
    const samples = wholeNumber(text, 'samples') ?? '1000000';
    if (BigInt(samples) > BigInt(MAX_SAMPLES)) throw new Error(`samples must be at most 10**12, got ${shortened(samples)}`);
    return samples;
}

/** A seed field as digits, or null when blank; the library's range (0..2**64-1) checked here for the same reason. */
export function seedValue(text) {
    const seed = wholeNumber(text, 'seed');
    if (seed !== null && BigInt(seed) >= 1n << 64n) throw new Error(`seed must be an integer 0..2**64-1, got ${shortened(seed)}`);
    return seed;
}
