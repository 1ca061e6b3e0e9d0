export type BuildPart = 'web' | 'server';
export declare const WEB_MODE_MARK: string;
export declare const PARTS: Record<BuildPart, { sources: string[]; outputs: string[] }>;
export declare function newestMtime(target: string): number;
export declare function isStale(root: string, part: BuildPart): boolean;
export declare function webBuildMode(root: string): string | null;
export declare function partsToBuild(root: string, wanted?: BuildPart[], webMode?: string): BuildPart[];
