/** The id of the server-drawn first paint (and, with `-style`, of its stylesheet). */
export const FIRST_PAINT_ID = 'lm-first-paint';
/** The id of the `<script type="application/json">` holding the first-screen call's answer. */
export const FIRST_ANSWER_ID = 'lm-first-answer';
