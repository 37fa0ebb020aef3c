import { describe, expect, it } from 'vitest';
import { clearToasts, showToast } from './toast';

describe('toasts', () => {
  it("a sign-in's message replaces the login page's notices", () => {
    showToast('验证码已发送');
    clearToasts();
    showToast('登录成功');
    const shown = [...document.querySelectorAll('[role="status"] span')].map((n) => n.textContent);
    expect(shown).toEqual(['登录成功']);
  });
});
