export { createJsonLogger, createFileLogger, createSilentLogger, registerSecret } from './logger';
export type { RedactingLogger, LineSink, JsonLoggerOptions, LogLevel } from './logger';
export { createRedactor, globalRedactor, isSecretFieldName, REDACTED } from './redact';
export type { Redactor } from './redact';
