import type { ComponentType } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

// rjsf's own select, which every theme registers.
const RjsfSelect = getDefaultRegistry().widgets.SelectWidget as ComponentType<WidgetProps>;

/**
 * rjsf's select, showing only the options the page offers (its form use's choices, passed as ui:options.offered) in
 * the page's order: a city's own industries out of the form's list. The server refuses any other.
 */
export function SelectWidget(props: WidgetProps) {
  const offered = props.options.offered as string[] | undefined;
  if (!offered) return <RjsfSelect {...props} />;
  const all = props.options.enumOptions ?? [];
  const enumOptions = offered.flatMap((value) => all.filter((option) => option.value === value));
  return <RjsfSelect {...props} options={{ ...props.options, enumOptions }} />;
}
