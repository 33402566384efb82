/** The version `nanodex --version` prints (kept with package.json's). */
export const CLI_VERSION = '0.1.0';
