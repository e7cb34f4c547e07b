# GPT-2 (124M), batch 1024 x 32, from its published configuration (no weights: nothing is
# downloaded), in KernelBench level-4 style: `Model` wraps the model, `get_inputs()` gives token
# ids.
import torch
from transformers import AutoModelForCausalLM, GPT2Config

BATCH, SEQUENCE = 1024, 32
CONFIG = GPT2Config()


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
