/** What a password must be, shared by the user forms in the browser and the server. Pure. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
