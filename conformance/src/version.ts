import packageJson from '../package.json' with { type: 'json' }

/** Name the reports give as `tool`. */
export const TOOL_NAME = packageJson.name
/** The kit's version, from its package.json. */
export const TOOL_VERSION = packageJson.version
