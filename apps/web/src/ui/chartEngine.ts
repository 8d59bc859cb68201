/**
 * ECharts as the dashboard uses it, loaded on demand by `Chart` (`import('./chartEngine')`): only
 * bars, lines and pies, the grid, tooltip and legend, drawn as SVG (crisp at any zoom, printable, and
 * its text is in the page). Nothing else imports this file, so the login route never fetches it
 * (`scripts/bundle-size.mjs` checks).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendPlainComponent, SVGRenderer]);

export { init };
export type { ECharts } from 'echarts/core';
