// The card picker: 52 toggle buttons named as people say them ("Ace of spades"), one tab stop for the
// whole grid (roving tabindex: arrow keys, Home and End move within it), so the keyboard path to the rest
// of the page does not pass 52 cards.
import { cardName } from '../dist/pokerhash.mjs';

const RANK_NAMES = ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King', 'Ace'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const COLUMNS = 13;

export const spokenName = (card) => `${RANK_NAMES[card >> 2]} of ${SUIT_NAMES[card & 3]}`;
export const isRed = (card) => (card & 3) === 1 || (card & 3) === 2;

/** Builds the picker into `element`; onToggle(card) on click, Enter or Space. Returns update(selected, best). */
export function buildPicker(element, onToggle) {
    const buttons = [];
    for (let suit = 3; suit >= 0; suit--) {
        for (let rank = 12; rank >= 0; rank--) {
            const card = 4 * rank + suit;
            const button = document.createElement('button');
            button.type = 'button';
            button.className = `pcard${isRed(card) ? ' red' : ''}`;
            button.dataset.card = String(card);
            button.dataset.name = cardName(card);
            button.tabIndex = buttons.length === 0 ? 0 : -1;
            button.setAttribute('aria-pressed', 'false');
            const [r, s] = [...cardName(card, { symbols: true })];
            // The name is the spoken one ("Ace of spades"); the face ("A♠") is for the eye only.
            button.innerHTML = `<span aria-hidden="true">${r}<span>${s}</span></span>` +
                `<span class="sr-only">${spokenName(card)}</span>`;
            button.addEventListener('click', () => onToggle(card));
            buttons.push(button);
        }
    }
    element.append(...buttons);
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    element.addEventListener('keydown', (event) => {
        const at = buttons.indexOf(document.activeElement);
        if (at < 0) return;
        let to = at;
        if (event.key in moves) to = at + moves[event.key];
        else if (event.key === 'Home') to = at - (at % COLUMNS);
        else if (event.key === 'End') to = at - (at % COLUMNS) + COLUMNS - 1;
        else return;
        event.preventDefault();
        if (to < 0 || to >= buttons.length) return;
        buttons[at].tabIndex = -1;
        buttons[to].tabIndex = 0;
        buttons[to].focus();
    });
    return function update(selected, best = []) {
        for (const button of buttons) {
            const card = Number(button.dataset.card);
            const on = selected.includes(card);
            button.setAttribute('aria-pressed', String(on));
            button.classList.toggle('best', best.includes(card));
            button.setAttribute('aria-disabled', String(!on && selected.length >= 9));
        }
    };
}
