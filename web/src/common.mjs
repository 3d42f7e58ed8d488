// Shared pieces of the pokerhash JS library: the error type, argument checks and the 64-bit rule.
//
// The 64-bit rule: every quantity that is 64 bits wide in C (binomials, combination ranks and the Monte
// Carlo seed) is a BigInt in results, always; arguments may be a number or a BigInt. Everything else
// (hand values, card ids, hand indexes below 2**27, deal and sample counts below 2**53) is a number.
// Suit-isomorphic indexes (isomorphism.mjs) are numbers while their round's size is at most 2**53, else BigInts.

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
    /** `options.cause`: the underlying error, when one led to this (a failed load keeps node's or the engine's). */
    constructor(message, code, options) {
        super(message, options);
        this.name = 'PokerHashError';
        this.code = code;
    }
}

export const fail = (message, code, cause) => {
    throw new PokerHashError(message, code, cause === undefined ? undefined : { cause });
};

const ECHO_CHARS = 40;

/** The number of characters (code points) of text: an emoji is one, as Python and the C core count. */
function characterCount(text) {
    let count = text.length;
    for (let i = 0; i < text.length - 1; i++) {
        const unit = text.charCodeAt(i);
        if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}

/** Control characters as \xNN: they would not show, and a NUL ends the message for C readers. */
const visible = (text) => text.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * User text as a message echoes it, quoted with `quote`: whole up to ECHO_CHARS characters, else its start,
 * '…' and its length ("'XXXX…' (10,000,000 characters)"), so that a huge argument never makes a huge
 * message. Every message of this library that repeats user text goes through here; it is the C core's rule
 * (ph_quote_text) and Python's (shown() in _checks.py), so the three bindings word a refusal alike.
 */
export function echo(text, quote = '') {
    const characters = text.length <= ECHO_CHARS ? 0 : characterCount(text);
    if (characters <= ECHO_CHARS) return `${quote}${visible(text)}${quote}`;
    const head = Array.from(text.slice(0, 2 * ECHO_CHARS)).slice(0, ECHO_CHARS).join(''); // whole surrogate pairs
    return `${quote}${visible(head)}…${quote} (${group(characters)} characters)`;
}

/** x as a message shows it; never throws (a null-prototype object, a Symbol, a revoked Proxy, a throwing
 * toString), so that a bad argument gets its PokerHashError and not a bare TypeError from the message. */
export function show(x) {
    try {
        if (typeof x === 'string') return echo(x, "'");
        if (typeof x === 'bigint') return echo(`${x}`);
        if (typeof x === 'symbol') return echo(x.toString());
        if (typeof x === 'object' && x !== null) return Array.isArray(x) ? '[…]' : `an ${typeName(x)}`;
        return echo(String(x)); // a function shows its source
    } catch {
        return typeName(x);
    }
}

/** The kind of x for a message ("null", "number", "Map", "object"); never throws. */
export function typeName(x) {
    if (x === null) return 'null';
    if (typeof x !== 'object' && typeof x !== 'function') return typeof x;
    try {
        const name = Object.getPrototypeOf(x)?.constructor?.name;
        return typeof name === 'string' && name ? echo(name) : 'object'; // a class may name itself anything
    } catch {
        return 'object'; // a revoked Proxy
    }
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
    if (options === undefined) return Object.create(null);
    let plain = false;
    let array = false;
    try {
        const proto = options !== null && typeof options === 'object' ? Object.getPrototypeOf(options) : undefined;
        plain = proto === Object.prototype || proto === null;
        array = Array.isArray(options);
    } catch { /* a revoked Proxy */ }
    if (!plain) {
        const object = options !== null && typeof options === 'object' && !array;
        fail(`${name} must be ${object ? 'a plain object ({ ... })' : 'an object'}, got ${typeName(options)}`, 'type');
    }
    // Own keys only, copied once: an inherited option (or a polluted Object.prototype) must not change a job,
    // and a getter is read once, so what is checked is what runs.
    const own = Object.create(null);
    for (const key of guarded(() => Reflect.ownKeys(options), name)) {
        if (typeof key === 'symbol') fail(`${name} cannot have symbol keys`, 'argument');
        if (known && !known.includes(key)) fail(`unknown option ${echo(key, "'")} (known: ${known.join(', ')})`, 'argument');
        own[key] = guarded(() => options[key], `${name}.${key}`);
    }
    return own;
}

/**
 * What fn returns; an error that is not this library's (a revoked Proxy, a getter or a Proxy trap of the
 * caller's that throws, anything the engine throws) comes out as a PokerHashError whose `cause` is that
 * error, so that a caller needs to catch one type. Its message names `what` and keeps the original's words.
 */
export function guarded(fn, what) {
    try {
        return fn();
    } catch (error) {
        throw libraryError(error, what);
    }
}

/** error itself when it is a PokerHashError, else one saying that reading `what` failed, with error as its cause. */
export function libraryError(error, what = 'an argument') {
    if (error instanceof PokerHashError) return error;
    return new PokerHashError(`reading ${what} failed: ${errorText(error)}`, 'argument', { cause: error });
}

const MAX_CAUSE_CHARS = 200;

/** "TypeError: its message" of anything thrown, cut to a line; never throws. */
function errorText(error) {
    try {
        const text = error instanceof Error ? `${error.name}: ${error.message}` : `${typeName(error)} ${String(error)}`;
        return visible(text.length <= MAX_CAUSE_CHARS ? text : `${text.slice(0, MAX_CAUSE_CHARS)}…`);
    } catch {
        return typeName(error); // a revoked Proxy, or a name or message getter that throws
    }
}

/** object's own property `key`, else undefined: an inherited one (a polluted Object.prototype) is never read. */
export const ownProperty = (object, key) => (Object.hasOwn(object, key) ? object[key] : undefined);

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

/**
 * A typed array's element count from the intrinsic getter (a subclass may override `length`), refusing a
 * view whose buffer was transferred away (it reads as empty, which would pass for an empty input).
 */
export function viewLength(view, name) {
    const length = TYPED_ARRAY_LENGTH.call(view);
    if (length === 0 && TYPED_ARRAY_BYTE_OFFSET.call(view) === 0 && view.buffer.byteLength === 0 && isDetached(view.buffer)) {
        fail(`${name}: its ArrayBuffer is detached (transferred away)`, 'argument');
    }
    return length;
}
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype);
const TYPED_ARRAY_LENGTH = Object.getOwnPropertyDescriptor(TYPED_ARRAY, 'length').get;
const TYPED_ARRAY_BYTE_OFFSET = Object.getOwnPropertyDescriptor(TYPED_ARRAY, 'byteOffset').get;

function isDetached(buffer) {
    if (typeof buffer.detached === 'boolean') return buffer.detached; // ES2024
    try {
        new Uint8Array(buffer); // eslint-disable-line no-new -- throws on a detached buffer
        return false;
    } catch {
        return true;
    }
}

/** An array argument's length, refused past `most` (a sparse array's length costs nothing to set). */
export function boundedLength(list, most, what) {
    const length = Array.isArray(list) ? list.length : ArrayBuffer.isView(list) ? viewLength(list, what) : NaN;
    if (!(length <= most)) fail(`${what} must have at most ${most} entries, got ${show(length)}`, 'count');
    return length;
}
