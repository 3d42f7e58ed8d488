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

/** x as a BigInt in 0..2**64-1, or a PokerHashError naming `name`. */
export function u64(x, name) {
    if (!isInteger(x) || BigInt(x) < 0n || BigInt(x) >= U64_LIMIT) {
        fail(`${name} must be a non-negative integer below 2**64, got ${show(x)}`, 'argument');
    }
    return BigInt(x);
}

/** The name of a card id ("As"), or with symbols ("A♠"). Needs no wasm. */
export function cardName(card, { symbols = false } = {}) {
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
