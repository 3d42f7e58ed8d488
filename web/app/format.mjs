// Number formatting for the page, without Intl: the first toLocaleString() call on the page's thread loads
// ICU's locale data, one long task (100+ ms) that would freeze the page for that moment.

/** 1234567 -> "1,234,567" (numbers or BigInts, whole). */
export const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 0.123456 -> "12.346%". */
export const percent = (x, digits = 3) => `${(100 * x).toFixed(digits)}%`;
