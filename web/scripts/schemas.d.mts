// Types of schemas.mjs for the TypeScript tests that use it.
export const SCHEMA_DIR: string;
export function loadSchemas(dir?: string): Record<string, { definitions?: Record<string, unknown> }>;
export function schemaGames(schemas: Record<string, unknown>): string[];
export interface Checker {
  games: string[];
  check(file: string, name: string, value: unknown): string[];
  view(view: unknown): string[];
  action(game: string, action: unknown): string[];
  serverMessage(message: unknown): string[];
  httpReply(method: string, target: string, status: number, contentType: string, body: string): string[] | null;
}
export function makeChecker(options?: { dir?: string; testGames?: string[] }): Checker;
