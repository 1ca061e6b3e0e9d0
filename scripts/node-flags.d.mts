/** The V8 heap limits `npm start` gives node (scripts/node-flags.mjs). */
export declare function productionNodeFlags(): string[];
