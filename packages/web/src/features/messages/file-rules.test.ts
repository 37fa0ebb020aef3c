import { describe, expect, it } from 'vitest';
import { fileProblem } from './file-rules';

const MB = 1024 * 1024;

describe('fileProblem', () => {
  it('lets allowed files within their limits go', () => {
    expect(fileProblem({ name: 'x.PNG', size: 5 * MB })).toBeNull();
    expect(fileProblem({ name: '报告.pdf', size: 20 * MB })).toBeNull();
  });
  it('refuses other types and sizes over the limits', () => {
    expect(fileProblem({ name: 'a.exe', size: 1 })).toBe('upload.type');
    expect(fileProblem({ name: 'a.svg', size: 1 })).toBe('upload.type');
    expect(fileProblem({ name: 'a.jpg', size: 5 * MB + 1 })).toBe('upload.imageSize');
    expect(fileProblem({ name: 'a.mp4', size: 20 * MB + 1 })).toBe('upload.fileSize');
  });
});
