/** The repo map's token budget when none is asked for; its own file so a command's options can show it without loading the map. */
export const DEFAULT_MAP_TOKENS = 2048;
