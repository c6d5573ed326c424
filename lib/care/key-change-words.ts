/**
 * What the customer reads first when a sale carries key-change tokens: the slip (screen and
 * printer), the customer display and the message sent to their phone say the same. Pure.
 */
export const KEY_CHANGE_WARNING = {
  title: "Key change: enter these tokens first",
  lines: [
    "Enter the two key-change tokens first, one after the other, then the credit token.",
    "Have older tokens you have not used yet? Enter them before the key-change tokens: after the key change they will not load.",
  ],
} as const;

/** Said beside a free basic electricity token, so nobody thinks it was paid for. */
export const FREE_TOKEN_NOTE = "Free: no charge";
