# ELECTRA-small (discriminator), batch 32 x 256, from its published configuration (no weights:
# nothing is downloaded), in KernelBench level-4 style: `Model` wraps the model, `get_inputs()`
# gives token ids.
import torch
from transformers import AutoModelForCausalLM, ElectraConfig

BATCH, SEQUENCE = 32, 256
CONFIG = ElectraConfig(
    embedding_size=128,
    hidden_size=256,
    num_hidden_layers=12,
    num_attention_heads=4,
    intermediate_size=1024,
)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(CONFIG)

    def forward(self, x):
        return self.model(x).logits


def get_inputs():
    return [torch.randint(0, CONFIG.vocab_size, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
