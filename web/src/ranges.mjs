// Range notation for JS: the C core's parser (ph_range_parse, core_c/src/ranges/), the same one Python's
// pokerhash.parse_range uses, so both read every text alike and fail with the same messages.
import { decoder, encoder, fail, group, typeName, withoutVariationSelectors } from './common.mjs';

const COMBO_BYTES = 16; // sizeof(ph_range_combo): cards[6], size, unused, then the weight at offset 8
const STATUS_NOMEM = -8;
// The wasm heap's most (emcc's default MAXIMUM_MEMORY). A larger work area cannot be had, and a size past 2**32
// would wrap in wasm32's size_t: malloc would hand out a small block and the parser write past it.
const MAX_HEAP_BYTES = 2 ** 31;

/**
 * Parses range text into { text, handSize, combos: [{ cards, weight }] }: `text` is the tokens joined by
 * ", ", combos are in the order of their last mention, cards ascending, and combos holding a card of
 * `deadMask` (a BigInt of card bits) are left out.
 */
export function parseRangeText(ph, text, deadMask = 0n) {
    if (typeof text !== 'string') fail(`a range must be text, got ${typeName(text)}`, 'type');
    const core = ph._core;
    const bytes = encoder.encode(withoutVariationSelectors(text));
    const tooLong = () => fail(`a range text of ${group(bytes.length)} bytes (UTF-8) is too long: parsing it needs more ` +
        `than the ${group(MAX_HEAP_BYTES)} bytes the wasm heap can hold`, 'argument');
    if (bytes.length >= MAX_HEAP_BYTES) tooLong(); // before the C capacity, whose size_t argument would wrap
    const cap = core._ph_range_capacity(bytes.length);
    const messageCap = 2 * bytes.length + 512; // PH_RANGE_PROBLEM_CAP: any message whole, and the joined tokens
    const size = cap * COMBO_BYTES + bytes.length + messageCap + 16; // a JS number: exact, never wrapped
    if (size > MAX_HEAP_BYTES) tooLong();
    const block = core._malloc(size);
    if (!block) fail(`cannot allocate ${size} bytes of wasm memory`, 'argument');
    try {
        const combosAt = block; // malloc aligns to 8: the weights are aligned doubles
        const textAt = block + cap * COMBO_BYTES;
        const messageAt = textAt + bytes.length;
        ph._u8.set(bytes, textAt);
        const count = core._ph_range_parse(textAt, bytes.length, deadMask, combosAt, cap, messageAt, messageCap);
        if (count === STATUS_NOMEM) fail('out of wasm memory while parsing a range', 'argument');
        if (count < 0) fail(ph._string(messageAt), count === -4 ? 'parse' : 'argument');
        const heap = ph._u8;
        const f64 = core.HEAPF64;
        const combos = new Array(count);
        for (let i = 0; i < count; i++) { // plain loops: Array.from on heap views costs ten times more here
            const at = combosAt + i * COMBO_BYTES;
            const size = heap[at + 6];
            const cards = new Array(size);
            for (let j = 0; j < size; j++) cards[j] = heap[at + j];
            combos[i] = { cards, weight: f64[(at + 8) >> 3] };
        }
        const length = core._ph_range_text(textAt, bytes.length, messageAt, messageCap);
        const joined = decoder.decode(ph._u8.subarray(messageAt, messageAt + Math.max(length, 0)));
        return { text: joined, handSize: count ? combos[0].cards.length : 0, combos };
    } finally {
        core._free(block);
    }
}
