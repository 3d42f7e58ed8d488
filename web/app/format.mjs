// Number formatting and reading for the page, without Intl: the first toLocaleString() call on the page's thread loads
// ICU's locale data, one long task (100+ ms) that would freeze the page for that moment.

// echo(): the library's own rule for user text in messages (cut, counted, escaped), so the page's read alike
import { echo } from '../dist/common.mjs';
import { MAX_SAMPLES } from '../dist/pokerhash.mjs';

/** 1234567 -> "1,234,567" (numbers or BigInts, whole). */
export const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 0.123456 -> "12.346%". */
export const percent = (x, digits = 3) => `${(100 * x).toFixed(digits)}%`;

/** A form field's whole number as digits without leading zeros ("1,000 000" -> "1000000"); null when blank. */
export function wholeNumber(text, what) {
    const raw = text.replaceAll(/[\s,_]/g, '');
    if (!raw) return null;
    if (!/^\d+$/.test(raw)) throw new Error(`${what} must be a whole number, got ${echo(text.trim(), "'")}`);
    return String(BigInt(raw)); // "007" is 7: the digits also go into Python code, where 007 is a syntax error
}

/** "1e6", "2.5E6" as digits when the number is whole ("1000000"), else null (left to wholeNumber's message). */
function scientific(text) {
    const match = /^(\d+)(?:\.(\d+))?e\+?(\d{1,3})$/i.exec(text.replaceAll(/[\s,_]/g, ''));
    if (!match) return null;
    const [, whole, part = '', power] = match;
    const shift = Number(power) - part.length;
    if (shift < 0 && !/^0*$/.test(part.slice(part.length + shift))) return null; // 1.5e0: not whole
    const digits = shift >= 0 ? whole + part + '0'.repeat(shift) : whole + part.slice(0, part.length + shift);
    return String(BigInt(digits));
}

/**
 * A samples field as digits ("1,000,000", "1e6"): 1,000,000 when blank; past the library's limit refused here, in the words of the
 * library's own check minus its advice (the page has no stderr field), since the count also goes into the
 * Python code the panels show and run, not only to the JS library that checks it.
 */
export function sampleCount(text) {
    const samples = scientific(text) ?? wholeNumber(text, 'samples') ?? '1000000';
    if (BigInt(samples) > BigInt(MAX_SAMPLES)) throw new Error(`samples must be at most 10**12, got ${echo(samples)}`);
    return samples;
}

/** A seed field as digits, or null when blank; the library's range (0..2**64-1) checked here for the same reason. */
export function seedValue(text) {
    const seed = wholeNumber(text, 'seed');
    if (seed !== null && BigInt(seed) >= 1n << 64n) throw new Error(`seed must be an integer 0..2**64-1, got ${echo(seed)}`);
    return seed;
}

const CARD_SEPARATORS = /[ ,\t\n\r;]+/; // the library's parser's own separators

/**
 * Refuses card text that names more than `most` cards, in the field's own words (`rule`: "a hand needs 5 to 9
 * cards") and with the count. The library stops at 64 cards (its buffer, more than a deck) and says only
 * "more than 64 cards", which tells a person nothing about the field; so a long text is counted here, a word at
 * a time, by the library's own parser (`js`). A word it cannot read is left to the library's message.
 */
export function refuseTooManyCards(js, text, most, rule) {
    if (text.length < 2 * (most + 1)) return; // every card takes two characters or more
    let count = 0;
    let atLeast = false; // a word of more than 64 cards run together: counted as 64, "more than"
    for (const word of text.split(CARD_SEPARATORS)) {
        if (!word) continue;
        try {
            count += js.parseCards(word).length;
        } catch (e) {
            if (e.code !== 'count') return;
            count += 64;
            atLeast = true;
        }
    }
    if (count > most) throw new Error(`${rule}, got ${atLeast ? 'more than ' : ''}${group(count)}`);
}
