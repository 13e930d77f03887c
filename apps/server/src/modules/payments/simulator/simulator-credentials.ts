/**
 * The embedded PayU simulator's merchant key and salt, used by both the adapter and the simulator
 * when PAYU_URL is unset (README, Configuration). Public on purpose: the simulator moves no money,
 * so they guard nothing; real PayU credentials come from PAYU_KEY / PAYU_SALT only.
 */
export const PAYU_SIMULATOR_KEY = 'LMSIMK';
export const PAYU_SIMULATOR_SALT = 'localmart-payu-simulator-salt';
