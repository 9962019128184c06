import styles from '../repayment.module.css'

type StepGroup = { name: string; steps: string[] }
export type PaySteps = StepGroup[] | string[]

function isGroups(steps: PaySteps): steps is StepGroup[] {
  return steps.length > 0 && typeof steps[0] !== 'string'
}

/**
 * A method's steps (docs/product/screens.md#that): a bank's named groups (ATM, its app, internet banking), each a
 * collapsible numbered list, or a mini market's one numbered list. `open`: the group shown opened.
 */
export function PaySteps({ steps, open = 0 }: { steps: PaySteps; open?: number }) {
  if (!isGroups(steps)) {
    return (
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    )
  }
  return (
    <div className={styles.groups}>
      {steps.map((group, index) => (
        <details key={group.name} className={styles.group} open={index === open}>
          <summary className={styles.groupName}>{group.name}</summary>
          <ol className={styles.steps}>
            {group.steps.map((step, stepIndex) => (
              <li key={stepIndex}>{step}</li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  )
}
