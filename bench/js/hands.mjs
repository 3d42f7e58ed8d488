// Pre-generated random hands, so every evaluator in a benchmark times evaluation and nothing else.

/** n hands of k distinct cards (ids 0..51) row after row, from a seeded generator (repeatable runs). */
export function randomHands(n, k, seed = 1) {
    let state = seed >>> 0;
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const deck = Uint8Array.from({ length: 52 }, (_, i) => i);
    const cards = new Uint8Array(n * k);
    for (let i = 0; i < n; i++) {
        for (let j = 0; j < k; j++) { // partial Fisher-Yates: k distinct cards
            const r = j + Math.floor(next() * (52 - j));
            [deck[j], deck[r]] = [deck[r], deck[j]];
            cards[i * k + j] = deck[j];
        }
    }
    return cards;
}

/** The rows of `cards` as arrays, each card mapped through `encode` (a peer's own card format). */
export function rowsOf(cards, k, encode) {
    const rows = new Array(cards.length / k);
    for (let i = 0; i < rows.length; i++) rows[i] = Array.from(cards.subarray(i * k, i * k + k), encode);
    return rows;
}
