// Shared pieces of the pokerhash JS library: the error type, argument checks and the 64-bit rule.
//
// The 64-bit rule: every quantity that is 64 bits wide in C (binomials, combination ranks and the Monte
// Carlo seed) is a BigInt in results, always; arguments may be a number or a BigInt. Everything else
// (hand values, card ids, hand indexes below 2**27, deal and sample counts below 2**53) is a number.

export const WORST_VALUE = 7462;
export const DECK_SIZE = 52;
export const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const SUIT_SYMBOLS = '♣♦♥♠';
export const U64_LIMIT = 1n << 64n;
export const encoder = new TextEncoder();
export const decoder = new TextDecoder();

/** The one error type of this library; `code` says which kind of input was wrong. */
export class PokerHashError extends Error {
    constructor(message, code) {
        super(message);
        this.name = 'PokerHashError';
        this.code = code;
    }
}

export const fail = (message, code) => {
    throw new PokerHashError(message, code);
};

export function show(x) {
    if (typeof x === 'string') return `'${x}'`;
    if (typeof x === 'bigint') return `${x}`;
    if (Array.isArray(x)) return '[…]';
    return String(x);
}

export function typeName(x) {
    if (x === null) return 'null';
    if (typeof x === 'object') return x.constructor?.name ?? 'object';
    return typeof x;
}

export function isInteger(x) {
    return Number.isInteger(x) || typeof x === 'bigint';
}

/**
 * A BigInt argument where a number is expected (a count, a rank, k, a card id) as that number, so 5n reads
 * as 5; anything else unchanged, for the caller's check to name. BigInts past 2**53 stay BigInts: no check
 * accepts them, and their message then shows every digit.
 */
export function numeric(x) {
    return typeof x === 'bigint' && x >= -MAX_SAFE && x <= MAX_SAFE ? Number(x) : x;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An options argument: undefined reads as no options; anything but a plain object (null, a number, an array)
 * is refused naming `name`, where destructuring would throw a bare TypeError or silently ignore it. With
 * `known` (the option names), an unknown name is refused too: a typo ({ bord: ... }) would otherwise run
 * a different job without a word.
 */
export function optionsObject(options, known, name = 'options') {
    if (options === undefined) return {};
    if (options === null || typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) {
        fail(`${name} must be an object, got ${typeName(options)}`, 'type');
    }
    const unknown = known ? Object.keys(options).find((key) => !known.includes(key)) : undefined;
    if (unknown !== undefined) fail(`unknown option '${unknown}' (known: ${known.join(', ')})`, 'argument');
    return options;
}

/**
 * Card text without the variation selectors U+FE0E / U+FE0F: phones type 'A♠️' (the emoji presentation of
 * the suit symbol), which names the same card. The C parser knows only the bare symbols.
 */
export const withoutVariationSelectors = (text) => text.replace(/[\uFE0E\uFE0F]/g, '');

/** x as a BigInt in 0..2**64-1, or a PokerHashError naming `name`. */
export function u64(x, name) {
    if (!isInteger(x) || BigInt(x) < 0n || BigInt(x) >= U64_LIMIT) {
        fail(`${name} must be a non-negative integer below 2**64, got ${show(x)}`, 'argument');
    }
    return BigInt(x);
}

/** The name of a card id ("As"), or with symbols ("A♠"). Needs no wasm. */
export function cardName(card, options) {
    const { symbols = false } = optionsObject(options, ['symbols']);
    card = numeric(card);
    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) {
        fail(`card id ${show(card)} outside 0..51`, 'card');
    }
    return RANKS[card >> 2] + (symbols ? SUIT_SYMBOLS : SUITS)[card & 3];
}

/** Bit mask (BigInt) of card ids. */
export function cardMask(cards) {
    let mask = 0n;
    for (const card of cards) mask |= 1n << BigInt(card);
    return mask;
}

/** C status codes (PH_E_* in pokerhash.h) and the PokerHashError code each maps to. */
export const STATUS = { CARD: -1, DUPLICATE: -2, COUNT: -3, PARSE: -4, ARGUMENT: -5, RANK: -6, OVERFLOW: -7, NOMEM: -8, BUFFER: -9 };
export const CODE_OF_STATUS = { [-1]: 'card', [-2]: 'duplicate', [-3]: 'count', [-5]: 'argument', [-6]: 'range', [-7]: 'overflow' };

/** A random Monte Carlo seed below 2**63 (what Python draws too). */
export function randomSeed() {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0] & 0x7fffffff) << 32n) | BigInt(words[1]);
}

/**
 * A duration for a message, as Python's equity messages write it (docs/design/equity-c-api.md): the largest
 * of year, day, hour, minute that fits at least twice, rounded ("9 hours", "2.1e+04 years" from 10,000 up),
 * else whole seconds ("1 second", "45 seconds").
 */
export function durationText(seconds) {
    for (const [unit, size] of [['year', 365 * 86400], ['day', 86400], ['hour', 3600], ['minute', 60]]) {
        if (seconds >= 2 * size) {
            const amount = seconds / size;
            return `${amount >= 1e4 ? pythonTwoDigits(amount) : group(Math.round(amount))} ${unit}s`;
        }
    }
    const whole = Math.max(1, Math.round(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
}

/** 1234567 -> "1,234,567" (no Intl: its first use loads locale data, a long task on a page's thread). */
export const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Python's f"{x:.2g}" for x >= 10,000: "2.1e+04", "1e+05". */
function pythonTwoDigits(x) {
    const [mantissa, exponent] = x.toExponential(1).split('e');
    const power = Number(exponent);
    return `${mantissa.replace(/\.0$/, '')}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
}

// Scratch layout inside the wasm heap (PokerHash's own block): small arguments and results of single calls.
export const AT_CARDS = 0;      // up to 64 card ids
export const AT_OUT = 64;       // up to 64 result bytes (best five, unranked items, names)
export const AT_U64 = 128;      // one uint64 result
export const AT_SIZE = 136;     // one size_t result (bad row, error offset)
export const AT_TEXT = 256;     // card text when it fits, or a message from the core
export const TEXT_CAP = 1024 - AT_TEXT;
