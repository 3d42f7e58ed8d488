// Card text read in JS, for the spellings people type: a rank ('2'..'9', 'T', 'J', 'Q', 'K', 'A' in either
// case, or '10') then a suit ('c', 'd', 'h', 's' in either case, or a symbol U+2660..U+2667), cards apart or
// run together, separated by space, comma, tab, newline, return or semicolon. These are the C parser's rules
// (core_c/src/common/cards.c) for exactly that alphabet; a string holding anything else is not read here
// (readCardText answers -1) and goes to the C parser, so that what it accepts and every message it gives stay
// the core's. Reading here saves the text's trip into wasm: for one hand that trip costs more than evaluating.

const NONE = -1;
const SEPARATORS = ' ,\t\n\r;';
const RANK_OF = new Int8Array(128).fill(NONE);
const SUIT_OF = new Int8Array(128).fill(NONE);
const SEPARATOR = new Uint8Array(128);
const SYMBOL_FIRST = 0x2660; // ♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧: black spade, white heart, white diamond, black club, ...
const SYMBOL_SUITS = Int8Array.of(3, 2, 1, 0, 3, 2, 1, 0);

'23456789TJQKA'.split('').forEach((rank, r) => {
    RANK_OF[rank.charCodeAt(0)] = r;
    RANK_OF[rank.toLowerCase().charCodeAt(0)] = r;
});
'cdhs'.split('').forEach((suit, s) => {
    SUIT_OF[suit.charCodeAt(0)] = s;
    SUIT_OF[suit.toUpperCase().charCodeAt(0)] = s;
});
for (const separator of SEPARATORS) SEPARATOR[separator.charCodeAt(0)] = 1;

/** The suit of UTF-16 unit `unit`, or NONE. */
function suitOf(unit) {
    if (unit < 128) return SUIT_OF[unit];
    const symbol = unit - SYMBOL_FIRST;
    return symbol >= 0 && symbol < 8 ? SYMBOL_SUITS[symbol] : NONE;
}

/** The id of one card's name of two characters ("As", "a♠"), else -1 (the caller asks readCardText). */
export function cardOfName(name) {
    if (name.length !== 2) return NONE;
    const unit = name.charCodeAt(0);
    const rank = unit < 128 ? RANK_OF[unit] : NONE;
    const suit = suitOf(name.charCodeAt(1));
    return rank < 0 || suit < 0 ? NONE : 4 * rank + suit;
}

/**
 * Reads the cards of `text` as ids into heap[at ..], at most `room` of them; answers how many, or -1 when the
 * text holds anything outside the alphabet above, a rank without its suit, or more than `room` cards (the
 * caller then asks the C parser, which words the problem). Duplicates are the caller's to find.
 */
export function readCardText(text, heap, at, room) {
    let count = 0;
    const length = text.length;
    for (let i = 0; i < length;) {
        const unit = text.charCodeAt(i);
        if (unit < 128 && SEPARATOR[unit]) {
            i++;
            continue;
        }
        let rank = unit < 128 ? RANK_OF[unit] : NONE;
        let next = i + 1;
        if (unit === 0x31 && text.charCodeAt(next) === 0x30) { // "10"
            rank = 8;
            next++;
        }
        if (rank < 0 || next >= length || count === room) return NONE;
        const suit = suitOf(text.charCodeAt(next));
        if (suit < 0) return NONE;
        heap[at + count++] = 4 * rank + suit;
        i = next + 1;
    }
    return count;
}
