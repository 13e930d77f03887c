// index.html's first module script: see first-screen.ts. Kept apart so tests import it without running.
import { startFirstScreen } from './first-screen.ts';

startFirstScreen();
