/** LIKE patterns of what someone typed into a search box: its wildcards (`%`, `_`) and `\` taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An (I)LIKE pattern that finds `text` anywhere in a value. */
export const contains = (text: string) => `%${escapeLike(text)}%`;
