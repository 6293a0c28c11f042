import { vi } from 'vitest';

/**
 * The web project shares one module graph per worker (isolate: false): the libraries
 * (React, Testing Library, zod) are imported once, not per file. The app's own modules are
 * imported afresh for each test file, so that state a module keeps (the process session's
 * snapshot, the XSRF priming, the handlers the app registers) never reaches another file.
 */
vi.resetModules();
