/**
 * The test files that need a worker of their own (vite.config.ts's "isolated" project; decision
 * 0039): a module replaced with vi.mock (in a worker shared with other files, a module another
 * file loaded first would stay the real one), or a setting of the whole process changed at import
 * (NODE_ENV). Every other file runs in the "shared" project, whose workers keep their modules from
 * one file to the next. tests/isolated-files.test.ts finds the files that belong here.
 */
export const ISOLATED_FILES = ['tests/runtime/budget.test.ts'];
