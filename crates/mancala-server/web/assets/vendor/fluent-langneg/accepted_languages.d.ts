export declare function acceptedLanguages(str?: string): Array<string>;
