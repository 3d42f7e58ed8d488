// The players of an equity panel: a text field each (a hand, Omaha hand or range), an Add button and a remove
// button per row, renumbered as rows come and go. Both equity panels take players this one way.
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;

/**
 * Builds the rows into `list` (a role=group element); `add` is the panel's Add player button. Rows get
 * `rowClass`, their inputs the ids `${idPrefix}1`, `${idPrefix}2`, ... and aria-describedby `describedBy`;
 * `suggestions` fill the rows Add makes; onChange() after a row is added or removed (no input event fires).
 */
export function playerFields({ list, add, rowClass, idPrefix, describedBy, suggestions, onChange }) {
    const rows = () => [...list.querySelectorAll(`.${rowClass}`)];
    const inputs = () => rows().map((row) => row.querySelector('input'));

    function renumber() {
        const all = rows();
        all.forEach((row, i) => {
            const input = row.querySelector('input');
            const label = row.querySelector('label');
            input.id = `${idPrefix}${i + 1}`;
            label.htmlFor = input.id;
            label.textContent = `Player ${i + 1}`;
            const remove = row.querySelector('.remove');
            remove.setAttribute('aria-label', `Remove player ${i + 1}`);
            remove.disabled = all.length <= MIN_PLAYERS;
        });
        add.disabled = all.length >= MAX_PLAYERS;
    }

    function addRow(value) {
        const row = document.createElement('div');
        row.className = `row ${rowClass}`;
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'text';
        input.spellcheck = false;
        input.value = value;
        input.setAttribute('aria-describedby', describedBy);
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'secondary remove';
        remove.textContent = '✕';
        remove.addEventListener('click', () => {
            // Keyboard users keep their place: focus goes to the next player's field (or the last one's).
            const next = row.nextElementSibling ?? row.previousElementSibling;
            row.remove();
            renumber();
            onChange();
            next?.querySelector('input')?.focus();
        });
        row.append(label, input, remove);
        list.append(row);
        renumber();
        return input;
    }

    /** Exactly these players, one row each (2 to 10). */
    function set(values) {
        while (rows().length > Math.max(values.length, MIN_PLAYERS)) rows().at(-1).remove();
        while (rows().length < values.length) addRow('');
        inputs().forEach((input, i) => { input.value = values[i] ?? ''; });
        renumber();
    }

    add.addEventListener('click', () => {
        addRow(suggestions[(rows().length - MIN_PLAYERS) % suggestions.length]).focus();
        onChange();
    });
    return {
        inputs,
        values: () => inputs().map((input) => input.value),
        set,
        /** aria-invalid on the field of player `which` (1-based; 0 for none). */
        markInvalid: (which) => inputs().forEach((input, i) => input.setAttribute('aria-invalid', String(i + 1 === which))),
    };
}

/** The player a message names ("player 2: ...", "player 2's hand ...", "card As is in player 2's hand"), or 0. */
export function playerNamed(message) {
    const player = /^player (\d+)|player (\d+)'s/.exec(message ?? '');
    return player ? Number(player[1] ?? player[2]) : 0;
}
