import { describe, expect, it } from 'vitest';
import {
  estimatePrice, estimateTable, featureMultiplier, findDepartment, formatUsd, normaliseProjectType, parseTiming, projectTypes,
  tableTypeForChoice, timingMultipliers,
} from '../../shared/chat/estimate.ts';
import { toolErrors } from '../../shared/chat/messages.ts';

describe('estimate table (docs/product.md §8.3)', () => {
  const spec: [string, number, number, number, number][] = [
    ['simple-website', 2000, 5000, 2, 4], ['business-website', 4000, 10000, 4, 8], ['e-commerce', 8000, 20000, 6, 12],
    ['mobile-app', 10000, 30000, 8, 16], ['web-app', 12000, 35000, 10, 20], ['custom-software', 15000, 50000, 12, 24],
    ['ui-ux-design', 2000, 8000, 2, 6], ['devops-setup', 3000, 15000, 2, 8],
  ];
  it('has the 8 project types with their prices and weeks', () => {
    expect([...projectTypes]).toEqual(spec.map((r) => r[0]));
    for (const [type, min, max, wmin, wmax] of spec) {
      const out = estimatePrice({ projectType: type });
      expect(out).toEqual({ ok: true, estimate: expect.objectContaining({ projectType: type, min, max, weeks: { min: wmin, max: wmax }, currency: 'USD', multiplier: 1 }) });
      expect(estimateTable[type as keyof typeof estimateTable]).toMatchObject({ min, max });
    }
  });

  it('feature multipliers at the 3/4/5/6 boundaries', () => {
    expect([0, 3, 4, 5, 6, 10].map(featureMultiplier)).toEqual([1, 1, 1.15, 1.15, 1.3, 1.3]);
    const price = (n: number) => {
      const out = estimatePrice({ projectType: 'web-app', features: Array.from({ length: n }, (_, i) => `f${i}`) });
      return out.ok ? [out.estimate.min, out.estimate.max] : null;
    };
    expect(price(3)).toEqual([12000, 35000]);
    expect(price(4)).toEqual([13800, 40300]); // 40250 → nearest 100
    expect(price(5)).toEqual([13800, 40300]);
    expect(price(6)).toEqual([15600, 45500]);
    // A count works as well as a list; blank entries do not count.
    expect(estimatePrice({ projectType: 'web-app', features: 6 })).toMatchObject({ estimate: { min: 15600 } });
    expect(estimatePrice({ projectType: 'web-app', features: ['a', ' ', '', 'b', 'c', 'd'] })).toMatchObject({ estimate: { featureCount: 4 } });
  });

  it('timing: urgent ×1.2, flexible ×0.9, normal ×1; combined with features and rounded to $100', () => {
    expect(timingMultipliers).toEqual({ urgent: 1.2, normal: 1, flexible: 0.9 });
    expect(estimatePrice({ projectType: 'simple-website', timeline: 'urgent' })).toMatchObject({ estimate: { min: 2400, max: 6000, timing: 'urgent' } });
    expect(estimatePrice({ projectType: 'simple-website', timeline: 'flexible' })).toMatchObject({ estimate: { min: 1800, max: 4500, timing: 'flexible' } });
    expect(estimatePrice({ projectType: 'simple-website', timeline: 'normal' })).toMatchObject({ estimate: { min: 2000, max: 5000 } });
    // 2000 × 1.3 × 1.2 = 3120 → 3100; 5000 × 1.56 = 7800.
    expect(estimatePrice({ projectType: 'simple-website', features: 6, timeline: 'urgent' })).toMatchObject({ estimate: { min: 3100, max: 7800, weeks: { min: 2, max: 4 } } });
    expect(['ASAP', 'Urgent!', 'Flexible timeline', '1-2 months', undefined].map(parseTiming)).toEqual(['urgent', 'urgent', 'flexible', 'normal', 'normal']);
  });

  it("unknown project types answer 'Unknown project type'", () => {
    expect(toolErrors.unknownProjectType).toBe('Unknown project type');
    expect(estimatePrice({ projectType: 'spaceship' })).toEqual({ ok: false, error: 'Unknown project type' });
    expect(estimatePrice({ projectType: undefined })).toEqual({ ok: false, error: 'Unknown project type' });
    expect(normaliseProjectType('E-commerce')).toBe('e-commerce');
    expect(normaliseProjectType('web app')).toBe('web-app');
    expect(normaliseProjectType('ecommerce')).toBe('e-commerce');
  });

  it('formats dollars', () => {
    expect(formatUsd(12000, 35000)).toBe('$12,000 – $35,000');
  });
});

describe('pricing-flow chips → table types', () => {
  it('Website depends on pages; the other chips map one to one', () => {
    expect(tableTypeForChoice('Website', '1-5')).toBe('simple-website');
    expect(tableTypeForChoice('Website', '3')).toBe('simple-website');
    for (const p of ['6-10', '11-20', '20+', 'Not sure', undefined]) expect(tableTypeForChoice('Website', p)).toBe('business-website');
    expect(tableTypeForChoice('Mobile App')).toBe('mobile-app');
    expect(tableTypeForChoice('Web App', '1-5')).toBe('web-app');
    expect(tableTypeForChoice('E-commerce')).toBe('e-commerce');
    expect(tableTypeForChoice('Custom Software')).toBe('custom-software');
    expect(tableTypeForChoice('an online store')).toBe('e-commerce');
    expect(tableTypeForChoice('something odd')).toBe('custom-software');
  });
});

describe('department prices', () => {
  it('matches docs/product.md §8.4', () => {
    const d = (q: string) => {
      const x = findDepartment(q)!;
      return [x.id, x.price.min, x.price.max, x.price.openEnded, x.weeks.min, x.weeks.max];
    };
    expect(d('software')).toEqual(['software', 5000, 25000, true, 4, 16]);
    expect(d('UI/UX')).toEqual(['uiux', 2000, 10000, false, 2, 8]);
    expect(d('Web Design')).toEqual(['web-design', 2000, 12000, false, 3, 10]);
    expect(d('devops')).toEqual(['devops', 3000, 15000, false, 2, 12]);
    expect(d('cloud')[0]).toBe('devops');
    expect(findDepartment('astrology')).toBeNull();
    expect(toolErrors.departmentNotFound).toBe('Department not found');
  });

  it('keeps the other tool errors word for word', () => {
    expect(toolErrors.unknownFunction('doMagic')).toBe('Unknown function: doMagic');
    expect(toolErrors.bookingUnavailable).toBe('Booking system not available. Please visit our contact page.');
    expect(toolErrors.notificationFailed).toBe('Failed to send notification. Please try the contact form.');
    expect(toolErrors.network).toBe('Network error. Please try again or use the contact form.');
  });
});
